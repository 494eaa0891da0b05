package com.example.noon.mapper;

import com.example.noon.domain.RefundTask;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Access to {@code refund_task}. Every status change is conditional on the status it comes from. */
@Mapper
public interface RefundTaskMapper {

    @Select("SELECT id, user_id, amount, status FROM refund_task WHERE status = 'PENDING' ORDER BY id LIMIT #{limit}")
    List<RefundTask> selectPending(@Param("limit") int limit);

    @Update("UPDATE refund_task SET status = 'RUNNING', gmt_modified = NOW() WHERE id = #{id} AND status = 'PENDING'")
    int markRunning(@Param("id") long id);

    @Update("UPDATE refund_task SET status = 'DONE', gmt_modified = NOW() WHERE id = #{id} AND status = 'RUNNING'")
    int markDone(@Param("id") long id);

    @Update("UPDATE refund_task SET status = 'FAILED', gmt_modified = NOW() WHERE id = #{id} AND status = 'RUNNING'")
    int markFailed(@Param("id") long id);
}
