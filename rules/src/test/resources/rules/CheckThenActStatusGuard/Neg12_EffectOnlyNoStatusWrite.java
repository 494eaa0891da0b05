// A status check that guards only a remote call, with no write of the checked status: not a check-then-act on a stored
// transition (IDEM004 needs a write of the same column of the same row); no finding.
package com.example.idem004.neg12;

import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.springframework.stereotype.Service;

@Service
public class ReminderService {

    private final InvoiceMapper invoiceMapper;
    private final MailClient mailClient;

    public ReminderService(InvoiceMapper invoiceMapper, MailClient mailClient) {
        this.invoiceMapper = invoiceMapper;
        this.mailClient = mailClient;
    }

    public void remind(long invoiceId) {
        Invoice inv = invoiceMapper.selectById(invoiceId);
        if ("OPEN".equals(inv.getStatus())) {
            mailClient.send(inv.getEmail(), "Your invoice is still open");
        }
    }
}

@Mapper
interface InvoiceMapper {

    @Select("SELECT id, email, status FROM invoice WHERE id = #{id}")
    Invoice selectById(@Param("id") long id);
}

interface MailClient {
    void send(String to, String text);
}

class Invoice {
    private Long id;
    private String email;
    private String status;

    public Long getId() { return id; }
    public String getEmail() { return email; }
    public String getStatus() { return status; }
}
