package com.example.noon.mapper;

import com.example.noon.domain.Order;
import java.time.LocalDateTime;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Orders that fulfilment has not confirmed in time. */
@Mapper
public interface OrderTimeoutMapper {

    @Select("SELECT id, task_id, user_id, amount, status FROM t_order WHERE status = 'CREATED' AND gmt_create < #{before} LIMIT #{limit}")
    List<Order> selectUnconfirmedBefore(@Param("before") LocalDateTime before, @Param("limit") int limit);

    /** Blind: cancels whatever the order's status is by now (fulfilment may have confirmed it since the select). */
    @Update("UPDATE t_order SET status = 'CANCELLED' WHERE id = #{id}")
    int cancel(@Param("id") long id);
}
