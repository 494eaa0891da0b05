package com.example.noon.service;

import com.example.noon.client.NotificationClient;
import com.example.noon.client.PaymentClient;
import com.example.noon.domain.SettlementTask;
import org.springframework.stereotype.Service;

@Service
public class SettlementService {

    private final PaymentClient paymentClient;
    private final OrderService orderService;
    private final NotificationClient notificationClient;

    public SettlementService(PaymentClient paymentClient, OrderService orderService,
                             NotificationClient notificationClient) {
        this.paymentClient = paymentClient;
        this.orderService = orderService;
        this.notificationClient = notificationClient;
    }

    /** Charges the user, records the order and tells the user. Three writes to three systems. */
    public void settle(SettlementTask t) {
        paymentClient.charge(t.getUserId(), t.getAmount());
        orderService.placeOrder(t);
        notificationClient.sendSms(t.getPhone(),
                "You have been charged " + t.getAmount() + " for " + t.getBizDate() + ".");
    }
}
