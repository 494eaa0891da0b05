// An unconditional status update whose count is ignored: not a claim (IDEM003's business when it is a transition).
package com.example.n005.neg06;

import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Update;
import org.springframework.kafka.core.KafkaTemplate;

public class AuditTrail {

    private AuditMapper mapper;
    private KafkaTemplate<String, String> kafka;

    public void archive(long id) {
        mapper.setArchived(id);
        kafka.send("audit.archived", String.valueOf(id));
    }
}

interface AuditMapper {
    @Update("UPDATE audit_log SET status = 'ARCHIVED' WHERE id = #{id}")
    int setArchived(@Param("id") long id);
}
