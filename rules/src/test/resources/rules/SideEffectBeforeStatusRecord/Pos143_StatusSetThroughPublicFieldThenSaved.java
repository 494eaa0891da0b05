// The item's status is set through a public field, not a setter (u.handleCode = "EXPORTED"; orderMapper.updateById(u); o.status = "SENT"; repo.updateById(o)), then saved: that is a record like the setter's, and the FTP upload and the SMS before it repeat after a crash between them: findings on both effects.
package com.example.pos143;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.io.ByteArrayInputStream;
import java.util.List;
import org.apache.commons.net.ftp.FTPClient;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;

public class OrderExportJob {

    private FTPClient ftp;
    private OrderMapper orderMapper;
    private SmsGateway sms;

    @Scheduled(fixedDelay = 60_000)
    public void export() throws Exception {
        for (Order o : orderMapper.selectUnhandled(500)) {
            ftp.storeFile("/out/" + o.orderNo + ".txt", new ByteArrayInputStream(o.orderNo.getBytes())); // expect: IDEM001
            Order u = new Order();
            u.id = o.id;
            u.handleCode = "EXPORTED";
            orderMapper.updateById(u);
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void notifyExported() {
        for (Order o : orderMapper.selectUnhandled(500)) {
            sms.sendSms(o.phone, "exported"); // expect: IDEM001 "sends the SMS again"
            o.status = "SENT";
            orderMapper.updateById(o);
        }
    }
}

interface SmsGateway {
    void sendSms(String phone, String text);
}

interface OrderMapper extends BaseMapper<Order> {
    @Select("SELECT * FROM t_order WHERE handle_code = 'NEW' LIMIT #{size}")
    List<Order> selectUnhandled(int size);
}

@TableName("t_order")
class Order {
    public Long id;
    public String orderNo;
    public String phone;
    public String handleCode;
    public String status;
}
