package com.acme.robust.lombok;

import lombok.Value;
import lombok.experimental.SuperBuilder;

@SuperBuilder
public class PaidEvent extends BaseEvent {
    private final long amount;

    @Value
    public static class Line {
        String sku;
        int qty;
    }
}
