package demo;

import java.time.LocalDate;
import net.javacrumbs.shedlock.spring.annotation.SchedulerLock;
import org.springframework.mail.javamail.JavaMailSender;
import org.springframework.scheduling.annotation.Scheduled;

// One report mail per cron tick, with no work item to pick up again: the lock keeps it to one node per tick,
// which is what a lock is for. A crashed run is not repeated; tomorrow's report is the next run.
public class DailyReportTask {
    JavaMailSender mailSender;
    ReportService reportService;

    @Scheduled(cron = "0 0 7 * * *")
    @SchedulerLock(name = "daily-report")
    public void send() throws Exception {
        var message = mailSender.createMimeMessage();
        message.setText(reportService.summary(LocalDate.now().minusDays(1)));
        mailSender.send(message);
    }
}
