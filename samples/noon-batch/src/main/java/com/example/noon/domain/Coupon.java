package com.example.noon.domain;

/** One row of {@code coupon}: locked by a settled order, redeemed by the noon coupon step. */
public class Coupon {

    private Long id;
    private Long batchId;
    private Long version;

    public Long getId() {
        return id;
    }

    public void setId(Long id) {
        this.id = id;
    }

    public Long getBatchId() {
        return batchId;
    }

    public void setBatchId(Long batchId) {
        this.batchId = batchId;
    }

    public Long getVersion() {
        return version;
    }

    public void setVersion(Long version) {
        this.version = version;
    }
}
