package demo;

import java.util.concurrent.BlockingQueue;

public class SettleWorker extends Thread {
    volatile boolean running = true;
    BlockingQueue<Task> queue;
    SettleService settleService;

    @Override
    public void run() { // expect: IDEM007 "SettleWorker.run() runs charge() before updateStatus()"
        while (running) {
            try {
                Task t = queue.take();
                settleService.settle(t);
            } catch (InterruptedException e) {
                return;
            }
        }
    }
}
