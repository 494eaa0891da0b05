// A job deducts the wallet, credits the merchant and notifies the user for each selected row and never records
// anything: a crash after the deduction leaves no trace of which steps ran, and a restart deducts again.
package com.example.pos22;

import java.math.BigDecimal;
import java.util.List;
import org.springframework.scheduling.annotation.Scheduled;

public class SettlementJob {

    private SettlementMapper settlementMapper;
    private WalletClient walletClient;
    private MerchantClient merchantClient;
    private NoticeClient noticeClient;

    @Scheduled(cron = "0 0 2 * * *")
    public void settle() {
        List<Settlement> rows = settlementMapper.selectByStatus("PENDING");
        for (Settlement s : rows) {
            walletClient.deduct(s.getUserId(), s.getAmount()); // expect: IDEM001 "no record of which steps ran"
            merchantClient.credit(s.getMerchantId(), s.getAmount());
            noticeClient.notifyUser(s.getUserId(), "settled");
        }
    }
}

interface SettlementMapper {
    List<Settlement> selectByStatus(String status);
}

interface WalletClient {
    void deduct(long userId, BigDecimal amount);
}

interface MerchantClient {
    void credit(long merchantId, BigDecimal amount);
}

interface NoticeClient {
    void notifyUser(long userId, String text);
}

class Settlement {
    long userId;
    long merchantId;
    BigDecimal amount;

    long getUserId() {
        return userId;
    }

    long getMerchantId() {
        return merchantId;
    }

    BigDecimal getAmount() {
        return amount;
    }
}
