// Per-item method: int n = mapper.markRunning(id); if (n == 0) return; claims the row atomically and checks the count before the payout: no finding.
package com.example.neg07;

import java.math.BigDecimal;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Component;
import org.springframework.stereotype.Service;
import org.springframework.web.client.RestTemplate;

@Service
public class WithdrawalProcessor {

    private final WithdrawalMapper mapper;
    private final BankClient bankClient;

    public WithdrawalProcessor(WithdrawalMapper mapper, BankClient bankClient) {
        this.mapper = mapper;
        this.bankClient = bankClient;
    }

    public void process(long id) {
        int n = mapper.markRunning(id);
        if (n == 0) {
            return;
        }
        Withdrawal w = mapper.selectById(id);
        bankClient.withdraw(w.getAccountNo(), w.getAmount());
        mapper.markDone(id);
    }
}

@Mapper
interface WithdrawalMapper {

    @Update("UPDATE withdrawal SET status = 'RUNNING' WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);

    @Select("SELECT id, account_no, amount FROM withdrawal WHERE id = #{id}")
    Withdrawal selectById(@Param("id") long id);

    @Update("UPDATE withdrawal SET status = 'DONE' WHERE id = #{id} AND status = 'RUNNING'")
    int markDone(@Param("id") long id);
}

@Component
class BankClient {

    private final RestTemplate restTemplate;

    BankClient(RestTemplate restTemplate) {
        this.restTemplate = restTemplate;
    }

    void withdraw(String accountNo, BigDecimal amount) {
        restTemplate.postForObject("https://bank.example.com/v1/transfers/out",
                Map.of("account", accountNo, "amount", amount), Void.class);
    }
}

class Withdrawal {
    private Long id;
    private String accountNo;
    private BigDecimal amount;

    public Long getId() { return id; }
    public String getAccountNo() { return accountNo; }
    public BigDecimal getAmount() { return amount; }
}
