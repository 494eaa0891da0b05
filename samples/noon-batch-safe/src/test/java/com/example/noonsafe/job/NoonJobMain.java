package com.example.noonsafe.job;

import com.example.noonsafe.fakes.FakeGateways;
import com.example.noonsafe.mapper.OrderMapper;
import com.example.noonsafe.mapper.TaskMapper;
import com.example.noonsafe.service.OrderService;
import com.example.noonsafe.service.SettlementService;
import io.idemcheck.runtime.IdempotencyLedger;
import io.idemcheck.runtime.RecoveryMode;
import io.idemcheck.runtime.TaskClaimer;
import io.idemcheck.runtime.TaskTable;
import java.time.Duration;
import org.apache.ibatis.datasource.unpooled.UnpooledDataSource;
import org.apache.ibatis.mapping.Environment;
import org.apache.ibatis.session.Configuration;
import org.apache.ibatis.session.SqlSession;
import org.apache.ibatis.session.SqlSessionFactoryBuilder;
import org.apache.ibatis.transaction.jdbc.JdbcTransactionFactory;

/**
 * Runs {@link NoonSettlementJob} once in its own JVM, wired by hand like {@code NoonBatchConfig} does with
 * Spring, against the fake gateways. Arguments: {@code <jdbcUrl> <leaseMillis>} (the ledger lease; short in tests).
 */
public final class NoonJobMain {
    public static void main(String[] args) {
        UnpooledDataSource ds = new UnpooledDataSource("org.h2.Driver", args[0], "sa", "");
        Configuration cfg = new Configuration(new Environment("noon", new JdbcTransactionFactory(), ds));
        cfg.addMapper(TaskMapper.class);
        cfg.addMapper(OrderMapper.class);
        try (SqlSession session = new SqlSessionFactoryBuilder().build(cfg).openSession(true)) {
            Duration lease = Duration.ofMillis(Long.parseLong(args[1]));
            SettlementService settlement = new SettlementService(FakeGateways.payment(ds),
                    new OrderService(session.getMapper(OrderMapper.class)), FakeGateways.sms(ds));
            TaskClaimer claimer = new TaskClaimer(ds, TaskTable.defaults("settlement_task"));
            IdempotencyLedger ledger = IdempotencyLedger.builder(ds).table("idem_ledger").lease(lease)
                    .recoveryMode(RecoveryMode.RETRY_WITH_SAME_KEY).build();
            new NoonSettlementJob(session.getMapper(TaskMapper.class), settlement, claimer, ledger, Duration.ofMinutes(10))
                    .run();
        }
        System.out.println("noon job finished");
    }
}
