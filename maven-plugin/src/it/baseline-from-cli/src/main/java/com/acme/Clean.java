package com.acme;
public class Clean {
    public int add(int a, int b) {
        return a + b;
    }
}
