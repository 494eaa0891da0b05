package com.example.noon.fakes;

import com.example.noon.client.PaymentClient;
import com.example.noon.client.PaymentException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.springframework.web.client.RestTemplate;

/** Records every charge instead of calling the gateway; can be told to decline some users. */
public class FakePaymentClient extends PaymentClient {

    public final List<Long> chargedUsers = new ArrayList<>();
    public final List<Long> attemptedUsers = new ArrayList<>();
    public final List<String> refundKeys = new ArrayList<>();
    private final Set<Long> declinedUsers = new HashSet<>();

    public FakePaymentClient() {
        super(new RestTemplate(), "http://payment.invalid");
    }

    public void decline(long userId) {
        declinedUsers.add(userId);
    }

    @Override
    public String charge(Long userId, BigDecimal amount) {
        attemptedUsers.add(userId);
        if (declinedUsers.contains(userId)) {
            throw new PaymentException("card declined for user " + userId);
        }
        chargedUsers.add(userId);
        return "ch_" + chargedUsers.size();
    }

    @Override
    public String refund(Long userId, BigDecimal amount, String idempotencyKey) {
        refundKeys.add(idempotencyKey);
        return "re_" + refundKeys.size();
    }
}
