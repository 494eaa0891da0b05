package com.example.noonsafe;

import com.example.noonsafe.job.NoonSettlementJob;
import com.example.noonsafe.mapper.TaskMapper;
import com.example.noonsafe.service.SettlementService;
import io.idemcheck.runtime.IdempotencyLedger;
import io.idemcheck.runtime.RecoveryMode;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;
import java.time.Duration;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.scheduling.annotation.EnableScheduling;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.web.client.RestTemplate;

/**
 * Application wiring. The DataSource, the transaction manager and the mapper beans come from the deployment's
 * MyBatis/Spring setup (see {@code application.yml}); they are not part of this sample.
 */
@Configuration
@ComponentScan
@EnableScheduling
@EnableTransactionManagement
public class NoonBatchConfig {

    @Bean
    public RestTemplate restTemplate() {
        return new RestTemplate();
    }

    @Bean
    public TaskClaimer taskClaimer(DataSource dataSource) {
        return new TaskClaimer(dataSource, TaskTable.defaults("settlement_task"));
    }

    /** Every downstream (gateway, t_order, SMS) deduplicates on the key, so an in-doubt settlement is retried. */
    @Bean
    public IdempotencyLedger idempotencyLedger(DataSource dataSource,
                                               @Value("${noon.ledger-lease:PT5M}") Duration lease) {
        return IdempotencyLedger.builder(dataSource).table("idem_ledger").lease(lease)
                .recoveryMode(RecoveryMode.RETRY_WITH_SAME_KEY).build();
    }

    @Bean
    public NoonSettlementJob noonSettlementJob(TaskMapper taskMapper, SettlementService settlementService,
                                               TaskClaimer claimer, IdempotencyLedger ledger,
                                               @Value("${noon.task-lease:PT10M}") Duration taskLease) {
        return new NoonSettlementJob(taskMapper, settlementService, claimer, ledger, taskLease);
    }
}
