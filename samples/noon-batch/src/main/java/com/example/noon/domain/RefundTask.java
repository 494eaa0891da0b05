package com.example.noon.domain;

import java.math.BigDecimal;

/** One row of {@code refund_task}: money to give back to a user. */
public class RefundTask {

    private Long id;
    private Long userId;
    private BigDecimal amount;
    private String status;

    public RefundTask() {
    }

    public RefundTask(Long id, Long userId, BigDecimal amount, String status) {
        this.id = id;
        this.userId = userId;
        this.amount = amount;
        this.status = status;
    }

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
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
}
