package demo;

import org.springframework.jdbc.core.JdbcTemplate;

public class PayoutJob {
    JdbcTemplate jdbcTemplate;
    PaymentClient paymentClient;
    PayoutMapper payoutMapper;

    public void run() {
        Boolean got = jdbcTemplate.queryForObject("SELECT pg_try_advisory_lock(42)", Boolean.class); // expect: IDEM009 "advisory"
        if (!Boolean.TRUE.equals(got)) {
            return;
        }
        for (Payout p : payoutMapper.selectPending()) {
            paymentClient.charge(p.getUserId(), p.getAmount());
            payoutMapper.markDone(p.getId());
        }
        jdbcTemplate.execute("SELECT pg_advisory_unlock(42)");
    }
}
