package com.example.noon.maintenance;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** What the timeout job reads and writes in {@code t_order}. */
@Mapper
public interface OrderTimeoutMapper {

    @Select("SELECT id, task_id, status FROM t_order WHERE gmt_create < NOW() - INTERVAL 30 MINUTE")
    List<PendingOrder> selectOlderThan30Minutes();

    /** Blind: no {@code AND status = 'CREATED'}, so it cancels whatever the order is by now. */
    @Update("UPDATE t_order SET status = 'CANCELLED' WHERE id = #{id}")
    int cancel(@Param("id") long id);
}
