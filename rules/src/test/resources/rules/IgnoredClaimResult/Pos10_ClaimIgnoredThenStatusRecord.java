// The claim's count is ignored and the job writes the next state of another table as if it owned the row.
package com.example.p005.pos10;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class ShipmentAllocator {

    private SlotMapper slotMapper;
    private OrderMapper orderMapper;

    public void allocate(long slotId, long orderId) {
        slotMapper.grabSlot(slotId, orderId); // expect: IDEM005 "writes state"
        orderMapper.updateStatus(orderId, "ALLOCATED");
    }
}

interface SlotMapper {
    @Update("UPDATE delivery_slot SET status = 'TAKEN', order_id = #{orderId} WHERE id = #{id} AND status = 'FREE'")
    int grabSlot(@Param("id") long id, @Param("orderId") long orderId);
}

interface OrderMapper {
    @Update("UPDATE t_order SET status = #{s} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("s") String s);
}
