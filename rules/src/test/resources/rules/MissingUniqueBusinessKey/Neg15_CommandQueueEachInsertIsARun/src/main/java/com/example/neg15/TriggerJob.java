// A scheduler's trigger adds a command to a queue table that the master consumes and deletes: each insert is a new
// run by design, and no column set could dedupe a re-trigger (the command points at a freshly made instance).
package com.example.neg15;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

@Component
public class TriggerJob {

    private final ScheduleMapper schedules;
    private final CommandMapper commands;

    public TriggerJob(ScheduleMapper schedules, CommandMapper commands) {
        this.schedules = schedules;
        this.commands = commands;
    }

    @Scheduled(cron = "0 * * * * *")
    public void fire() {
        for (Long definitionId : schedules.selectDue()) {
            commands.insertCommand(definitionId, "START_PROCESS");
        }
    }
}

@Mapper
interface ScheduleMapper {
    @Select("SELECT definition_id FROM t_schedule WHERE release_state = 'ONLINE'")
    List<Long> selectDue();
}

@Mapper
interface CommandMapper {
    @Insert("INSERT INTO t_ds_command (definition_id, command_type) VALUES (#{definitionId}, #{type})")
    int insertCommand(@Param("definitionId") long definitionId, @Param("type") String type);
}
