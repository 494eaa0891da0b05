package com.example.noon.mapper;

import com.example.noon.domain.SettlementTask;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;

/** Access to {@code settlement_task}. The SQL lives in {@code resources/mapper/TaskMapper.xml}. */
@Mapper
public interface TaskMapper {

    List<SettlementTask> selectByStatus(@Param("status") String status, @Param("limit") int limit);

    /** Blind write: sets the status whatever the row's current status is. */
    int updateStatus(@Param("id") long id, @Param("status") String status);

    /** Atomic claim PENDING -> RUNNING; returns 1 only for the one caller that won the row. */
    int markRunning(@Param("id") long id);
}
