// The status read is another row's: the parent order, read by order.getParentId(), is checked, and the request
// order is written by its own id (updateById(order), updateStatus(order.getId(), ..)); the check guards no write of
// the row it read; no finding.
package com.example.idem004.neg39;

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
        Order stored = mapper.selectById(order.getParentId());
        if (stored.getStatus() == 0) {
            order.setStatus(1);
            mapper.updateById(order);
        }
    }

    public void cancel(Order order) {
        Order stored = mapper.selectById(order.getParentId());
        if (stored.getStatus() == 0) {
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
