package demo;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

// a scheduler writes which executor a job run was sent to, after triggering it: a log of who ran it, not a claim
interface JobLogMapper {
    @Update("UPDATE job_log SET trigger_time = #{t}, trigger_code = #{code}, executor_address = #{address} WHERE id = #{id}")
    int updateTriggerInfo(@Param("id") long id, @Param("t") java.util.Date t, @Param("code") int code,
                          @Param("address") String address);
}

public class Trigger {
    JobLogMapper jobLogMapper;

    public void trigger(long logId, String address) {
        jobLogMapper.updateTriggerInfo(logId, new java.util.Date(), 200, address);
    }
}
