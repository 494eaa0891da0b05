package com.example.pos21;

public class Participant {
    private long id;
    private int version;
    private Integer status;

    public long getId() { return id; }
    public int getVersion() { return version; }
    public void setVersion(int v) { version = v; }
    public Integer getStatus() { return status; }
    public byte[] serialize() { return new byte[0]; }
}
