package com.example.noonsafe.domain;

import java.math.BigDecimal;
import java.time.LocalDate;

/** One row of {@code settlement_task}: a user to be charged for one business date. */
public class SettlementTask {

    private Long id;
    private Long userId;
    private String phone;
    private BigDecimal amount;
    private LocalDate bizDate;
    private String status;

    public SettlementTask() {
    }

    public SettlementTask(Long id, Long userId, String phone, BigDecimal amount, LocalDate bizDate, String status) {
        this.id = id;
        this.userId = userId;
        this.phone = phone;
        this.amount = amount;
        this.bizDate = bizDate;
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

    public String getPhone() {
        return phone;
    }

    public void setPhone(String phone) {
        this.phone = phone;
    }

    public BigDecimal getAmount() {
        return amount;
    }

    public void setAmount(BigDecimal amount) {
        this.amount = amount;
    }

    public LocalDate getBizDate() {
        return bizDate;
    }

    public void setBizDate(LocalDate bizDate) {
        this.bizDate = bizDate;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }
}
