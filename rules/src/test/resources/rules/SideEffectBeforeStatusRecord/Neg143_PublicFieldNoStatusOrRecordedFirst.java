// Twin of Pos143: a public field that is no status (u.remark = ..) saved after the upload records nothing of the work, and a status written through a public field and saved before the SMS claims the item first (a crash after it loses the SMS, it does not repeat it): no IDEM001.
package com.example.neg143;

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
            ftp.storeFile("/out/" + o.orderNo + ".txt", new ByteArrayInputStream(o.orderNo.getBytes()));
            Order u = new Order();
            u.id = o.id;
            u.remark = "exported by the nightly job";
            orderMapper.updateById(u);
        }
    }

    @Scheduled(fixedDelay = 60_000)
    public void notifyExported() {
        for (Order o : orderMapper.selectUnhandled(500)) {
            o.status = "SENT";
            orderMapper.updateById(o);
            sms.sendSms(o.phone, "exported");
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
    public String remark;
}
