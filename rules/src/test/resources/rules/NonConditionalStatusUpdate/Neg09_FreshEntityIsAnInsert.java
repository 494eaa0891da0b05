// The job builds a new entity, sets its initial status and saves it: an insert, not a transition: no finding.
package com.example.n003.neg09;

import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.scheduling.annotation.Scheduled;

public class DailyReportJob {

    private ReportRepository reports;

    @Scheduled(cron = "0 0 6 * * *")
    public void run() {
        Report r = new Report();
        r.setStatus("NEW");
        r.setTitle("daily");
        reports.save(r);
    }
}

interface ReportRepository extends JpaRepository<Report, Long> {
}

class Report {
    private Long id;
    private String status;
    private String title;

    public void setStatus(String s) { this.status = s; }
    public void setTitle(String t) { this.title = t; }
}
