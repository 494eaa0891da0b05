package com.example.pos24;

public class GlobalTransaction {
    private String id;
    private int retry;
    private TxStatus status;

    public String getId() { return id; }
    public int getRetry() { return retry; }
    public void setRetry(int r) { retry = r; }
    public TxStatus getStatus() { return status; }
    public String json() { return "{}"; }
}
