package demo;

import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.SetParams;

public class MailJob {
    Jedis jedis;
    MailClient mailClient;
    UserMapper userMapper;

    public void run() {
        String ok = jedis.set("lock:mail", "me", SetParams.setParams().nx().px(60000)); // expect: IDEM009
        if (!"OK".equals(ok)) {
            return;
        }
        for (User u : userMapper.selectDue()) {
            mailClient.sendMail(u.getEmail(), "statement");
        }
        jedis.del("lock:mail");
    }
}
