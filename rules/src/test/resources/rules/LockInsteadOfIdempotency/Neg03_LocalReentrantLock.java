package demo;

import java.util.concurrent.locks.ReentrantLock;

public class Sender {
    private final ReentrantLock lock = new ReentrantLock();
    SmsClient smsClient;

    public void send(String phone) {
        lock.lock();
        try {
            smsClient.sendSms(phone, "hello");
        } finally {
            lock.unlock();
        }
    }
}
