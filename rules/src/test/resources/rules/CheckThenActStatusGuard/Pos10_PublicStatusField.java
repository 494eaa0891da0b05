// The status is read as a public field of a loaded row (job.status == READY) and guards a blind status write plus a dispatch.
package com.example.idem004.pos10;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.stereotype.Component;

@Component
public class Dispatcher {

    private final JobMapper jobMapper;
    private final RabbitTemplate rabbitTemplate;

    public Dispatcher(JobMapper jobMapper, RabbitTemplate rabbitTemplate) {
        this.jobMapper = jobMapper;
        this.rabbitTemplate = rabbitTemplate;
    }

    public void dispatch() {
        List<JobRow> jobs = jobMapper.selectAll();
        for (JobRow job : jobs) {
            if (job.status == JobRow.READY) { // expect: IDEM004
                jobMapper.updateStatus(job.id, JobRow.DISPATCHED);
                rabbitTemplate.convertAndSend("jobs", job.id);
            }
        }
    }
}

@Mapper
interface JobMapper {

    @Select("SELECT id, status FROM job_row")
    List<JobRow> selectAll();

    @Update("UPDATE job_row SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") int status);
}

class JobRow {
    static final int READY = 1;
    static final int DISPATCHED = 2;

    public long id;
    public int status;
}
