// A reset-style claim whose count is ignored but nothing follows it: no effect proceeds as if it won; no finding.
package com.example.n005.neg09;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class LeaseSweeper {

    private TaskMapper mapper;

    public void release(long id) {
        mapper.releaseExpired(id);
    }
}

interface TaskMapper {
    @Update("UPDATE task SET status = 'PENDING', owner = NULL WHERE id = #{id} AND status = 'RUNNING' AND lease_until < NOW()")
    int releaseExpired(@Param("id") long id);
}
