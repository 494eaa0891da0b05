package com.example.noonsafe.mapper;

import com.example.noonsafe.domain.SettlementTask;
import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/**
 * Reads {@code settlement_task}. There is no status update here any more: every transition (claim, complete,
 * fail, recovery) goes through {@link io.idemcheck.runtime.TaskClaimer}, fenced on owner and attempt.
 */
@Mapper
public interface TaskMapper {

    @Select("SELECT id FROM settlement_task WHERE status = 'PENDING' AND biz_date <= CURRENT_DATE"
            + " ORDER BY id LIMIT #{limit}")
    List<Long> selectPendingIds(@Param("limit") int limit);

    @Select("SELECT id, user_id AS userId, phone, amount, biz_date AS bizDate, status"
            + " FROM settlement_task WHERE id = #{id}")
    SettlementTask selectById(@Param("id") long id);
}
