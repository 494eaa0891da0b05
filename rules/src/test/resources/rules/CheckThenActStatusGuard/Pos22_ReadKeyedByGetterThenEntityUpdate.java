// The stored row is read by a key taken through a getter of the request entity (selectById(order.getId())), its
// status checked, and the request entity, which carries the same id, written back by id (updateById(order)) or its
// key passed again (updateStatus(order.getId(), ..)): the same row, checked and written in two steps.
package com.example.idem004.pos22;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.stereotype.Service;

@Service
public class OrderService {

    private final OrderMapper mapper;

    public OrderService(OrderMapper mapper) {
        this.mapper = mapper;
    }

    public void pay(Order order) {
        Order stored = mapper.selectById(order.getId());
        if (stored.getStatus() == 0) { // expect: IDEM004 "mapper.updateById() at line"
            order.setStatus(1);
            mapper.updateById(order);
        }
    }

    public void cancel(Order order) {
        Order stored = mapper.selectById(order.getId());
        if (stored.getStatus() == 0) { // expect: IDEM004 "mapper.updateStatus() at line"
            mapper.updateStatus(order.getId(), 4);
        }
    }
}

@Mapper
interface OrderMapper {

    @Select("SELECT id, status FROM t_order WHERE id = #{id}")
    Order selectById(@Param("id") long id);

    @Update("UPDATE t_order SET status = #{status} WHERE id = #{id}")
    int updateById(Order order);

    @Update("UPDATE t_order SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") int status);
}

class Order {
    private long id;
    private long parentId;
    private Integer status;

    public long getId() { return id; }
    public long getParentId() { return parentId; }
    public Integer getStatus() { return status; }
    public void setStatus(Integer status) { this.status = status; }
}
