package com.example.noon.mapper;

import java.util.List;
import java.util.Map;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;

/** Access to {@code notification_outbox}: SMS waiting to be sent. */
@Mapper
public interface NotificationMapper {

    @Select("SELECT id, phone, text FROM notification_outbox WHERE status = 'PENDING' ORDER BY id LIMIT #{limit}")
    List<Map<String, Object>> selectPending(@Param("limit") int limit);

    @Update("UPDATE notification_outbox SET status = 'SENDING', gmt_modified = NOW() WHERE id = #{id} AND status = 'PENDING'")
    int markSending(@Param("id") long id);

    @Update("UPDATE notification_outbox SET status = #{status}, gmt_modified = NOW() WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}
