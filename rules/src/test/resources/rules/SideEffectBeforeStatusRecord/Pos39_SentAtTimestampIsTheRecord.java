// The daily report mail goes out before sent_at is written; the selection reads sent_at (WHERE sent_at IS NULL), so the timestamp is the record of the item even though it is no status column: finding on send.
package com.example.pos39;

import java.util.List;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.mail.SimpleMailMessage;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;

public class DailyReportMailer {

    private final JavaMailSender mailSender;
    private final ReportMapper reports;

    public DailyReportMailer(JavaMailSender mailSender, ReportMapper reports) {
        this.mailSender = mailSender;
        this.reports = reports;
    }

    @Scheduled(cron = "0 0 7 * * *")
    public void mailReports() {
        for (Report r : reports.selectUnsent()) {
            SimpleMailMessage msg = new SimpleMailMessage();
            msg.setTo(r.getRecipient());
            msg.setText(r.getSummary());
            mailSender.send(msg); // expect: IDEM001
            reports.updateSentAt(r.getId());
        }
    }
}

@Mapper
interface ReportMapper {

    @Select("SELECT id, recipient, summary FROM daily_report WHERE sent_at IS NULL")
    List<Report> selectUnsent();

    @Update("UPDATE daily_report SET sent_at = CURRENT_TIMESTAMP WHERE id = #{id}")
    int updateSentAt(@Param("id") long id);
}

class Report {
    private long id;
    private String recipient;
    private String summary;

    public long getId() { return id; }
    public String getRecipient() { return recipient; }
    public String getSummary() { return summary; }
}
