// The release's count is ignored, and the only write after it is the FAILED mark in the catch block, which runs
// because the release threw, not as if it had won: no finding.
package com.example.n005.neg15;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class LeaseReleaser {

    private TaskMapper mapper;

    public void release(long id) {
        try {
            mapper.releaseLease(id, "node-3");
        } catch (RuntimeException e) {
            mapper.markFailed(id);
        }
    }
}

interface TaskMapper {
    @Update("UPDATE task SET status = 'PENDING', owner = NULL WHERE id = #{id} AND owner = #{owner}")
    int releaseLease(@Param("id") long id, @Param("owner") String owner);

    @Update("UPDATE task SET status = 'FAILED' WHERE id = #{id}")
    int markFailed(@Param("id") long id);
}
