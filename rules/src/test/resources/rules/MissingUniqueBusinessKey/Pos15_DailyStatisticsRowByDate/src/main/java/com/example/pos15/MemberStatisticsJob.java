// The daily job inserts one statistics row for yesterday; a re-run the same day inserts a second row for the same
// date. The key is the date the row is for; the message names it (never a placeholder).
package com.example.pos15;

import com.baomidou.mybatisplus.annotation.TableName;
import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import java.time.LocalDate;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Select;
import org.springframework.scheduling.annotation.Scheduled;

public class MemberStatisticsJob {

    private StatisticsMapper statistics;

    @Scheduled(cron = "0 0 1 * * *")
    public void execute() {
        MemberStatisticsData d = new MemberStatisticsData();
        d.setCreateDate(LocalDate.now().minusDays(1));
        d.setMemberCount(statistics.countMembers());
        statistics.insert(d);
    }
}

@TableName("li_member_statistics_data")
class MemberStatisticsData {
    private Long id;
    private LocalDate createDate;
    private Long memberCount;

    public void setCreateDate(LocalDate v) { createDate = v; }
    public void setMemberCount(Long v) { memberCount = v; }
}

@Mapper
interface StatisticsMapper extends BaseMapper<MemberStatisticsData> {
    @Select("SELECT COUNT(*) FROM li_member")
    Long countMembers();
}
