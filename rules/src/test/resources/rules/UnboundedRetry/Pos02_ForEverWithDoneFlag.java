// for (;;) with a success flag is the same unbounded retry.
package com.example.e006.pos02;

public class Reconnector {
    private final Connection connection;

    public Reconnector(Connection connection) {
        this.connection = connection;
    }

    public void sendAll(String batch) {
        for (;;) { // expect: IDEM006
            try {
                connection.send(batch);
                return;
            } catch (IllegalStateException e) {
                connection.reset();
            }
        }
    }
}

interface Connection {
    void send(String batch);
    void reset();
}
