// The catch block records FAILED, not PENDING: the item is not put back.
package com.example.e006.neg07;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;

public class Settle {
    private final TaskMapper mapper;
    private final PayClient pay;

    public Settle(TaskMapper mapper, PayClient pay) {
        this.mapper = mapper;
        this.pay = pay;
    }

    public void settle(long id, long amount) {
        try {
            pay.charge(id, amount);
            mapper.updateStatus(id, "DONE");
        } catch (Exception e) {
            mapper.updateStatus(id, "FAILED");
        }
    }
}

interface TaskMapper {
    @Update("UPDATE task SET status = #{status} WHERE id = #{id}")
    int updateStatus(@Param("id") long id, @Param("status") String status);
}

interface PayClient {
    void charge(long id, long amount);
}
