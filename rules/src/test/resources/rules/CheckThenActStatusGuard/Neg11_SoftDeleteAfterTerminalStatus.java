// A user deletes a finished order: the check accepts only terminal statuses and the act sets a separate delete flag, so a repeated or concurrent delete writes the same flag again, harmlessly; no finding.
package com.example.idem004.neg11;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class OrderDeleteService {

    private final OrderMapper orderMapper;

    public OrderDeleteService(OrderMapper orderMapper) {
        this.orderMapper = orderMapper;
    }

    public void deleteOrder(Long orderId) {
        Order order = orderMapper.selectByPrimaryKey(orderId);
        if (order.getStatus() == 3 || order.getStatus() == 4) {
            order.setDeleteStatus(1);
            orderMapper.updateByPrimaryKey(order);
        } else {
            throw new IllegalStateException("only finished or closed orders can be deleted");
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status, delete_status FROM oms_order WHERE id = #{id}")
    Order selectByPrimaryKey(@Param("id") Long id);

    @Update("UPDATE oms_order SET status = #{status}, delete_status = #{deleteStatus} WHERE id = #{id}")
    int updateByPrimaryKey(Order order);
}

class Order {
    private Long id;
    private Integer status;
    private Integer deleteStatus;

    public Long getId() { return id; }
    public Integer getStatus() { return status; }
    public Integer getDeleteStatus() { return deleteStatus; }
    public void setDeleteStatus(Integer deleteStatus) { this.deleteStatus = deleteStatus; }
}
