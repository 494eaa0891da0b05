package com.example.noonsafe.service;

import com.example.noonsafe.client.NotificationClient;
import com.example.noonsafe.client.PaymentClient;
import com.example.noonsafe.domain.SettlementTask;
import io.idemcheck.runtime.CrashPoints;
import org.springframework.stereotype.Service;

@Service
public class SettlementService {

    /** Crash point between the charge and everything recorded after it (no-op unless a crash test arms it). */
    public static final String AFTER_CHARGE = "after-charge";

    private final PaymentClient paymentClient;
    private final OrderService orderService;
    private final NotificationClient notificationClient;

    public SettlementService(PaymentClient paymentClient, OrderService orderService,
                             NotificationClient notificationClient) {
        this.paymentClient = paymentClient;
        this.orderService = orderService;
        this.notificationClient = notificationClient;
    }

    /**
     * Charges the user, records the order and tells the user: three writes to three systems, each carrying the
     * same idempotency key, so running this again with the same key changes nothing.
     *
     * @return the charge reference (stored in the ledger as the settlement's result)
     */
    public String settle(SettlementTask t, String idempotencyKey) {
        String charge = paymentClient.charge(t.getUserId(), t.getAmount(), idempotencyKey);
        CrashPoints.hit(AFTER_CHARGE); // the unsafe window: charged, nothing recorded yet
        orderService.placeOrder(t, idempotencyKey);
        notificationClient.sendSms(t.getPhone(),
                "You have been charged " + t.getAmount() + " for " + t.getBizDate() + ".", idempotencyKey);
        return charge;
    }
}
