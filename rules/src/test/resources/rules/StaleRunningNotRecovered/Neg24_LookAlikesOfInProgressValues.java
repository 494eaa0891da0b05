// Values shaped like an in-progress word that are not one: waiting states (PENDING, AWAITING_PAYMENT, QUEUING), a
// value holding an in-progress word beside a final one (PROCESSING_FAILED, SYNCING_DONE), a negated one
// (NOT_RUNNING), words that only end in -ING (MISSING, EXISTING, STRING, NOTHING), and a *_READY value that waits
// (UN_READY). None of them means a worker holds the row, so no recovery sweep is needed.
package demo.neg24;

import java.util.List;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;
import org.springframework.scheduling.annotation.Scheduled;

@Mapper
interface OrderMapper {
    @Select("SELECT id FROM pay_order WHERE status = 'NEW'")
    List<Long> selectNew();
    @Update("UPDATE pay_order SET status = 'AWAITING_PAYMENT' WHERE id = #{id} AND status = 'NEW'")
    int await(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'QUEUING' WHERE id = #{id} AND status = 'NEW'")
    int queue(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'PENDING' WHERE id = #{id} AND status = 'NEW'")
    int pend(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'PROCESSING_FAILED' WHERE id = #{id} AND status = 'NEW'")
    int fail(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'SYNCING_DONE' WHERE id = #{id} AND status = 'NEW'")
    int synced(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'NOT_RUNNING' WHERE id = #{id} AND status = 'NEW'")
    int stop(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'MISSING' WHERE id = #{id} AND status = 'NEW'")
    int lose(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'EXISTING' WHERE id = #{id} AND status = 'NEW'")
    int keep(@Param("id") long id);
    @Update("UPDATE pay_order SET status = 'UN_READY' WHERE id = #{id} AND status = 'NEW'")
    int unready(@Param("id") long id);
}

enum Kind { STRING, NOTHING, NEW }

class Setting {
    Kind status;
    void setStatus(Kind k) { status = k; }
}

interface SettingRepository extends JpaRepository<Setting, Long> {
    @Query("select s from Setting s where s.status = 'NEW'")
    List<Setting> findNew();
}

public class Jobs {
    OrderMapper mapper;
    SettingRepository settings;
    PartnerClient partner;

    @Scheduled(fixedDelay = 60000)
    public void run() {
        for (Long id : mapper.selectNew()) {
            if (mapper.await(id) + mapper.queue(id) + mapper.pend(id) + mapper.fail(id) + mapper.synced(id)
                    + mapper.stop(id) + mapper.lose(id) + mapper.keep(id) + mapper.unready(id) == 0) {
                continue;
            }
            partner.notify(id);
        }
        for (Setting s : settings.findNew()) {
            s.setStatus(Kind.STRING);
            settings.save(s);
            partner.push(s);
            s.setStatus(Kind.NOTHING);
            settings.save(s);
        }
    }
}
