// The flow row is built by a constructor from the order item: the constructor gives it a fresh snowflake number
// (sn, new on every insert: no key) and copies the item's number and the flow type. The key names what the row is
// for: the order item and the flow type, never the generated sn.
package com.example.pos14;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;

public class PayFlowJob {

    private StoreFlowMapper flows;

    @Scheduled(cron = "0 */5 * * * *")
    public void run() {
        for (OrderItem item : flows.selectPaidItems()) {
            flows.insert(new StoreFlow(item, "PAY"));
        }
    }
}

class OrderItem {
    private String sn;
    private String storeId;

    public String getSn() { return sn; }
    public String getStoreId() { return storeId; }
}

@TableName("li_store_flow")
class StoreFlow {
    private String id;
    private String sn;
    private String orderItemSn;
    private String flowType;
    private String storeId;

    StoreFlow(OrderItem item, String flowType) {
        this.setSn(SnowFlake.createStr("SF"));
        this.orderItemSn = item.getSn();
        this.flowType = flowType;
        this.setStoreId(item.getStoreId());
    }

    void setSn(String v) { sn = v; }
    void setStoreId(String v) { storeId = v; }
}

@Mapper
interface StoreFlowMapper extends BaseMapper<StoreFlow> {
    @Select("SELECT * FROM li_order_item WHERE pay_status = 'PAID' AND flow_done = 0")
    List<OrderItem> selectPaidItems();
}
