// An unattended scan converts each uploaded file; when the conversion fails the catch block only writes an ERROR event
// row. The file's row stays NEW with no failure count, so every scan picks it up again: an implicit retry, forever.
package com.example.e006.pos15;

import java.util.List;
import org.apache.ibatis.annotations.Insert;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;
import org.apache.ibatis.annotations.Update;
import org.springframework.scheduling.annotation.Scheduled;

public class UploadScanJob {
    private final UploadMapper uploads;
    private final UploadEventMapper events;
    private final Converter converter;

    public UploadScanJob(UploadMapper uploads, UploadEventMapper events, Converter converter) {
        this.uploads = uploads;
        this.events = events;
        this.converter = converter;
    }

    @Scheduled(fixedDelay = 60000)
    public void scan() {
        for (Upload u : uploads.selectNew()) {
            try {
                converter.convert(u.getPath());
                uploads.markConverted(u.getId());
            } catch (Exception e) {
                events.saveEvent(u.getId(), "ERROR", e.getMessage()); // expect: IDEM006 "only records an event"
            }
        }
    }
}

interface UploadMapper {
    @Select("SELECT id, path FROM upload WHERE status = 'NEW'")
    List<Upload> selectNew();

    @Update("UPDATE upload SET status = 'CONVERTED' WHERE id = #{id}")
    int markConverted(@Param("id") long id);
}

interface UploadEventMapper {
    @Insert("INSERT INTO upload_events (upload_id, type, notes) VALUES (#{id}, #{type}, #{notes})")
    int saveEvent(@Param("id") long id, @Param("type") String type, @Param("notes") String notes);
}

interface Converter {
    void convert(String path);
}

class Upload {
    private long id;
    private String path;
    long getId() { return id; }
    String getPath() { return path; }
}
