package com.example.noon.mapper;

import com.example.noon.domain.Order;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;

/** Access to {@code t_order}. Nothing in the table stops a second order for the same task. */
@Mapper
public interface OrderMapper {

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status) VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED')")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    int insertOrder(Order o);
}
