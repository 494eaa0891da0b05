package com.acme.robust.lombok;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

@Mapper
public interface OrderMapper {
    @Select("select * from t_order where status = 'PENDING'")
    List<OrderDO> selectPending();

    @Update("update t_order set status = #{status} where id = #{id}")
    int updateStatus(OrderDO order);
}
