package com.example.noonsafe.client;

/** The payment gateway refused or failed a request. */
public class PaymentException extends RuntimeException {

    public PaymentException(String message) {
        super(message);
    }
}
