package com.example.neg19;

/** Table names, in one place. */
public final class Tables {
    public static final String PREFIX = "t_";
    public static final String CHARGE = PREFIX + "charge";
    public static final String ORDER = "t_pay_order";

    private Tables() {
    }
}
