// Three effects for one task (wallet deduct -> ledger insert -> notify) and then markProcessed: one root cause, so exactly one finding, on the first effect (deduct).
package com.example.pos09;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import org.springframework.web.client.RestTemplate;

@Component
public class WalletDeductionJob {

    private final TaskMapper taskMapper;
    private final LedgerMapper ledgerMapper;
    private final WalletClient walletClient;
    private final NotifyClient notifyClient;

    public WalletDeductionJob(TaskMapper taskMapper, LedgerMapper ledgerMapper, WalletClient walletClient,
                              NotifyClient notifyClient) {
        this.taskMapper = taskMapper;
        this.ledgerMapper = ledgerMapper;
        this.walletClient = walletClient;
        this.notifyClient = notifyClient;
    }

    @Scheduled(cron = "0 0 0 * * *")
    public void run() {
        for (DeductionTask t : taskMapper.selectPending()) {
            walletClient.deduct(t.getUserId(), t.getAmount()); // expect: IDEM001
            ledgerMapper.insertEntry(t.getUserId(), t.getAmount().negate(), "DEDUCTION");
            notifyClient.notifyUser(t.getUserId(), "Deducted " + t.getAmount() + " from your wallet.");
            taskMapper.markProcessed(t.getId());
        }
    }
}

@Component
class WalletClient {

    private final RestTemplate restTemplate;

    WalletClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void deduct(Long userId, BigDecimal amount) {
        restTemplate.postForObject("https://wallet.example.com/v1/deductions",
                Map.of("userId", userId, "amount", amount), Void.class);
    }
}

@Component
class NotifyClient {

    private final RestTemplate restTemplate;

    NotifyClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void notifyUser(Long userId, String text) {
        restTemplate.postForObject("https://push.example.com/v1/notifications",
                Map.of("userId", userId, "text", text), Void.class);
    }
}

@Mapper
interface LedgerMapper {

    @Insert("INSERT INTO ledger_entry (user_id, amount, kind) VALUES (#{userId}, #{amount}, #{kind})")
    int insertEntry(@Param("userId") Long userId, @Param("amount") BigDecimal amount, @Param("kind") String kind);
}

@Mapper
interface TaskMapper {

    @Select("SELECT id, user_id, amount FROM deduction_task WHERE processed = 0")
    List<DeductionTask> selectPending();

    @Update("UPDATE deduction_task SET processed = 1 WHERE id = #{id}")
    int markProcessed(@Param("id") long id);
}

class DeductionTask {
    private Long id;
    private Long userId;
    private BigDecimal amount;

    public Long getId() { return id; }
    public Long getUserId() { return userId; }
    public BigDecimal getAmount() { return amount; }
}
