// A MyBatis-Plus entity with @Version is checked then written by updateById, whose row count is checked: the optimistic
// lock plugin adds "AND version = ?", so the second run's update matches no row and it stops; no finding.
package com.example.idem004.neg33;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.annotation.Version;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.springframework.stereotype.Service;

@Service
public class RefundService {

    private final RefundMapper mapper;

    public RefundService(RefundMapper mapper) {
        this.mapper = mapper;
    }

    public void finish(long id) {
        Refund r = mapper.selectById(id);
        if ("PENDING".equals(r.getStatus())) {
            r.setStatus("DONE");
            if (mapper.updateById(r) != 1) {
                return;
            }
        }
    }
}

interface RefundMapper extends BaseMapper<Refund> {
}

@TableName("refund")
class Refund {
    private Long id;
    private String status;
    @Version
    private Integer version;

    public String getStatus() { return status; }
    public void setStatus(String status) { this.status = status; }
}
