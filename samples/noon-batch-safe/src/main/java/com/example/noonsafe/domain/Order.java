package com.example.noonsafe.domain;

import java.math.BigDecimal;

/** One row of {@code t_order}, created once a settlement has been charged. */
public class Order {

    private Long id;
    private Long taskId;
    private Long userId;
    private BigDecimal amount;
    private String status;
    private String idemKey;

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Long getTaskId() {
        return taskId;
    }

    public void setTaskId(Long taskId) {
        this.taskId = taskId;
    }

    public Long getUserId() {
        return userId;
    }

    public void setUserId(Long userId) {
        this.userId = userId;
    }

    public BigDecimal getAmount() {
        return amount;
    }

    public void setAmount(BigDecimal amount) {
        this.amount = amount;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    /** The settlement's idempotency key: {@code t_order.idem_key} is UNIQUE, so a retry cannot add a second order. */
    public String getIdemKey() {
        return idemKey;
    }

    public void setIdemKey(String idemKey) {
        this.idemKey = idemKey;
    }
}
