package com.example.noonsafe.fakes;

import com.example.noonsafe.client.NotificationClient;
import com.example.noonsafe.client.PaymentClient;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.springframework.web.client.RestTemplate;

/**
 * Stand-ins for the payment and SMS gateways that behave like the real ones: they log every request and keep the
 * first effect per {@code Idempotency-Key}. They write to tables on their own auto-commit connections, so what they
 * recorded survives a SIGKILL of the job's JVM, exactly like a remote system would.
 */
public final class FakeGateways {
    private FakeGateways() {
    }

    public static PaymentClient payment(DataSource ds) {
        return new PaymentClient(new RestTemplate(), "http://payment.invalid") {
            @Override
            public String charge(Long userId, BigDecimal amount, String idempotencyKey) {
                record(ds, "charge", idempotencyKey,
                        "INSERT INTO gateway_charge (idem_key, user_id, amount) VALUES (?, ?, ?)", userId, amount);
                return "ch_" + idempotencyKey;
            }
        };
    }

    public static NotificationClient sms(DataSource ds) {
        return new NotificationClient(new RestTemplate(), "http://sms.invalid") {
            @Override
            public void sendSms(String phone, String text, String idempotencyKey) {
                record(ds, "sms", idempotencyKey, "INSERT INTO gateway_sms (idem_key, phone) VALUES (?, ?)", phone);
            }
        };
    }

    private static void record(DataSource ds, String kind, String key, String insert, Object... values) {
        try (Connection c = ds.getConnection()) {
            c.setAutoCommit(true);
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO gateway_request (kind, idem_key) VALUES (?, ?)")) {
                ps.setString(1, kind);
                ps.setString(2, key);
                ps.executeUpdate();
            }
            try (PreparedStatement ps = c.prepareStatement(insert)) {
                ps.setString(1, key);
                for (int i = 0; i < values.length; i++) {
                    ps.setObject(i + 2, values[i]);
                }
                ps.executeUpdate();
            } catch (SQLException e) {
                if (!"23505".equals(e.getSQLState())) {
                    throw e;
                }
                // seen this key before: replay, no second effect
            }
        } catch (SQLException e) {
            throw new IllegalStateException(kind + " gateway failed", e);
        }
    }
}
