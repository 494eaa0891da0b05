// A retried method that only inserts a row in the application's own database: database-local, not this rule's concern.
package com.example.e010.neg04;

import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Mapper;
import org.springframework.retry.annotation.Retryable;

public class AuditWriter {
    private final AuditMapper mapper;

    public AuditWriter(AuditMapper mapper) {
        this.mapper = mapper;
    }

    @Retryable
    public void write(long orderId, String text) {
        mapper.insertAudit(orderId, text);
    }
}

@Mapper
interface AuditMapper {
    @Insert("INSERT INTO audit_log (order_id, text) VALUES (#{orderId}, #{text})")
    int insertAudit(long orderId, String text);
}
