package com.example.noonsafe.mapper;

import com.example.noonsafe.domain.Order;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Options;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Access to {@code t_order}. {@code idem_key} is UNIQUE: one order per settlement, however often it is retried. */
@Mapper
public interface OrderMapper {

    @Select("SELECT COUNT(*) FROM t_order WHERE idem_key = #{idemKey}")
    int countByIdemKey(@Param("idemKey") String idemKey);

    @Insert("INSERT INTO t_order (task_id, user_id, amount, status, idem_key)"
            + " VALUES (#{taskId}, #{userId}, #{amount}, 'CREATED', #{idemKey})")
    @Options(useGeneratedKeys = true, keyProperty = "id")
    int insertOrder(Order o);
}
