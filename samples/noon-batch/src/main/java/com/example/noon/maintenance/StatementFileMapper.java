package com.example.noon.maintenance;

import java.util.List;
import org.apache.ibatis.annotations.Delete;
import org.apache.ibatis.annotations.Mapper;
import org.apache.ibatis.annotations.Param;
import org.apache.ibatis.annotations.Select;

/** Access to {@code statement_file}. */
@Mapper
public interface StatementFileMapper {

    @Select("SELECT id, user_id, file_key FROM statement_file WHERE gmt_create < NOW() - INTERVAL 13 MONTH")
    List<StatementFile> selectExpired();

    @Delete("DELETE FROM statement_file WHERE id = #{id}")
    int deleteById(@Param("id") long id);
}
