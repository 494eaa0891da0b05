// while (true) whose catch hands the failure to a Feign-style retryer: continueOrPropagate throws once its own maximum is reached.
package com.example.e006.neg13;

public class SdkClient {
    private final Retryer retryer;

    public SdkClient(Retryer retryer) {
        this.retryer = retryer;
    }

    public String execute(String request) {
        Retryer attempts = retryer.copy();
        while (true) {
            try {
                return send(request);
            } catch (RetryableException e) {
                attempts.continueOrPropagate(e);
            }
        }
    }

    private String send(String request) {
        return request;
    }
}

interface Retryer {
    Retryer copy();
    void continueOrPropagate(RetryableException e);
}

class RetryableException extends RuntimeException {
}
